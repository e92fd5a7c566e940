import type { UiPreferences } from '@switchboard/contract';
import { HorizontalMenu } from '../navigation/horizontal-menu';
import { BrandLogo } from '../navbar/brand-logo';
import { NavbarRow } from '../navbar/navbar-row';
import classes from './shell.module.css';

interface ShellHeaderProps {
  layout: NonNullable<UiPreferences['layout']>;
  navbarType: NonNullable<UiPreferences['navbarType']>;
  /** Semi-dark: the horizontal header is the dark menu. */
  dark: boolean;
  menuOpened: boolean;
  onOpenMenu: () => void;
  onSearch: () => void;
}

/**
 * The navbar (floating, sticky, static or hidden) and, in the horizontal layout, the menu bar.
 * A hidden navbar still leaves the menu button on small screens, or nothing could open the menu.
 */
export function ShellHeader({ layout, navbarType, dark, menuOpened, onOpenMenu, onSearch }: ShellHeaderProps) {
  const horizontal = layout === 'horizontal';
  const darkMenu = dark && horizontal;
  return (
    <header
      className={darkMenu ? `${classes.header} ${classes.darkRegion}` : classes.header}
      data-type={navbarType}
      data-layout={layout}
      data-mantine-color-scheme={darkMenu ? 'dark' : undefined}
    >
      <NavbarRow
        className={classes.navbarRow}
        toolsClassName={classes.tools}
        withBrand={horizontal}
        menuOpened={menuOpened}
        onOpenMenu={onOpenMenu}
        onSearch={onSearch}
      />
      {horizontal && (
        <div className={classes.menuRow}>
          <div className={classes.menuBrand}>
            <BrandLogo />
          </div>
          <HorizontalMenu />
        </div>
      )}
    </header>
  );
}
