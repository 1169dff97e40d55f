export function createClient() {
  if (process.env.NODE_ENV !== 'production') {
    console.warn('[acme] development build: extra checks are on');
  }
  return {
    apiUrl: import.meta.env.PUBLIC_API_URL,
    mode: import.meta.env.MODE,
    token: process.env.ACME_TOKEN,
    version: ACME_VERSION,
  };
}
