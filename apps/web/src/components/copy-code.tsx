import { Code } from '@mantine/core';
import { CopyAction } from './copy-action';
import classes from './copy-code.module.css';

interface CopyCodeProps {
  /** What the code is, for the copy button's name ("Copy: Base URL"). */
  label: string;
  code: string;
}

/** A code block (a URL, a command, a secret) with a copy button at its end; left-to-right in every language. */
export function CopyCode({ label, code }: CopyCodeProps) {
  return (
    <div className={classes.codeBox} dir="ltr">
      <Code block className={classes.code}>
        {code}
      </Code>
      <CopyAction value={code} label={label} className={classes.copy} />
    </div>
  );
}
