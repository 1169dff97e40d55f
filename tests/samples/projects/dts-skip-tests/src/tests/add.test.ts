import { add } from '../index';

export const sumIsRight: boolean = add(1, 2) === 3;
