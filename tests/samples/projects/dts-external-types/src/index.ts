import type { Root } from 'hast';
import type { ReactNode } from 'react';

export interface ViewerProps {
  tree: Root;
  fallback: ReactNode;
}

export const viewerName = 'viewer';
