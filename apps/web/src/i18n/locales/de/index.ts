// Every namespace of this language. Add a namespace here and in the other three languages.
import { common } from './common';
import { nav } from './nav';

export const de = { common, nav };
