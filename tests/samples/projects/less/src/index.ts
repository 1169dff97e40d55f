import './button.less';

export const buttonClass = 'button';
