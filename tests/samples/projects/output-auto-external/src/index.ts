import GithubSlugger from 'github-slugger';
import { useState } from 'react';

export const slug = (text: string): string => new GithubSlugger().slug(text);
export { useState };
