// @ts-expect-error lodash is only a name here: the alias points it at lodash-es
import { clamp } from 'lodash';
// @ts-expect-error react is only a name here: externals import preact/compat instead
import { useState } from 'react';

export const percent = (value: number) => clamp(value, 0, 100);
export const useValue = useState;
