// Every namespace of this language. Add a namespace here and in the other three languages.
import { common } from './common';
import { nav } from './nav';
import { auth } from './auth';
import { errors } from './errors';

export const fr = { common, nav, auth, errors };
