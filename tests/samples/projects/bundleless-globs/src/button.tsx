export const Button = (props: { text: string }) => `<button>${props.text}</button>`;
