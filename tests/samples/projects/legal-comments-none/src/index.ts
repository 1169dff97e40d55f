/*! acme-lib | license: MIT */
export const answer = (): number => 42;
