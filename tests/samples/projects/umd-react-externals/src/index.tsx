import React from 'react';

export function Badge({ label }: { label: string }) {
  return <span className="acme-badge">{label}</span>;
}
