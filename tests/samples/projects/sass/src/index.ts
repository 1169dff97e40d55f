import './button.scss';
import styles from './card.module.scss';

export const buttonClass = 'button';
export const cardClass = styles.card;
