export const toBase64 = (text: string) => Buffer.from(text).toString('base64');
export const isProduction = () => process.env.NODE_ENV === 'production';
