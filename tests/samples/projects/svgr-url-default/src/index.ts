import logoUrl from './logo.svg?url';

export const logo = logoUrl;
