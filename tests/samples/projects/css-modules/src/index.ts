import { card, cardTitle } from './card.module.css';

export const cardClass = card;
export const cardTitleClass = cardTitle;
