import './button.css';
import styles from './card.module.css';

export const buttonClass = 'button';
export const cardClass = styles.card;
export const cardTitleClass = styles.cardTitle;
