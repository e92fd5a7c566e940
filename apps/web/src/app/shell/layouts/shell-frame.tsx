import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { RouteGuard } from '../../route-guard';
import { CustomizerButton } from '../customizer/customizer-button';
import { VerticalMenu } from '../navigation/vertical-menu';
import { BrandLogo } from '../navbar/brand-logo';
import { MobileMenuDrawer } from '../navbar/mobile-menu-drawer';
import { useUiPreferences } from '../../../lib/preferences/ui-preferences-store';
import { SearchHost } from '../search/search-host';
import { useSearchLauncher } from '../search/use-search-launcher';
import { AppFooter } from './app-footer';
import { PageHeader } from './page-header';
import { PageTransition } from './page-transition';
import { ShellHeader } from './shell-header';
import { useShellText } from '../shell-text';
import classes from './shell.module.css';

/** The main layout: menu (horizontal or vertical), navbar, breadcrumb, the page, footer. */
export default function ShellFrame() {
  const t = useShellText();
  const { layout, navbarType, theme } = useUiPreferences();
  const [menuOpened, menu] = useDisclosure(false);
  const search = useSearchLauncher();
  const vertical = layout === 'vertical';
  const semiDark = theme === 'semi-dark';

  return (
    <AppShell
      className={classes.frame}
      navbar={vertical ? { width: 264, breakpoint: 'md', collapsed: { mobile: true } } : undefined}
      withBorder={false}
    >
      <a href="#content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      {vertical && (
        <AppShell.Navbar
          className={semiDark ? `${classes.sidebar} ${classes.darkRegion}` : classes.sidebar}
          data-mantine-color-scheme={semiDark ? 'dark' : undefined}
          aria-label={t('navbar.mainMenu')}
        >
          <div className={classes.sidebarBrand}>
            <BrandLogo />
          </div>
          <AppShell.Section grow component={ScrollArea} px="sm" pb="md">
            <VerticalMenu asLandmark={false} />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <div className={classes.body}>
        <ShellHeader
          layout={layout}
          navbarType={navbarType}
          dark={semiDark}
          menuOpened={menuOpened}
          onOpenMenu={menu.open}
          onSearch={search.open}
        />
        <main id="content" tabIndex={-1} className={classes.main}>
          <PageTransition>
            <RouteGuard>
              <PageHeader />
              <Outlet />
            </RouteGuard>
          </PageTransition>
        </main>
        <AppFooter />
      </div>
      <MobileMenuDrawer
        opened={menuOpened}
        onClose={menu.close}
        darkClassName={semiDark ? classes.darkRegion : undefined}
      />
      <CustomizerButton />
      <SearchHost launcher={search} />
    </AppShell>
  );
}
