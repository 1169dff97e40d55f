export const channel = import.meta.env.PUBLIC_CHANNEL;
