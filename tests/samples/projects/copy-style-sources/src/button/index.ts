import './index.scss';

export const buttonClass = 'button';
