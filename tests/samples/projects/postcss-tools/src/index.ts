import './index.css';

export const buttonClass = 'rounded-md bg-sky-500 px-4 py-2 text-white';
