import { Box, Burger } from '@mantine/core';
import { UsageBadge } from '../../../features/usage/public';
import { useCurrentUser } from '../../../lib/session';
import { BookmarksBar } from '../bookmarks/bookmarks-bar';
import { LanguageMenu } from '../language/language-menu';
import { SearchButton } from '../search/search-button';
import { GuestActions } from '../user-menu/guest-actions';
import { UserMenu } from '../user-menu/user-menu';
import { BrandLogo } from './brand-logo';
import { useShellText } from '../shell-text';

interface NavbarRowProps {
  className?: string;
  toolsClassName?: string;
  /** Show the brand on wide screens too (the vertical layout has it in the side menu). */
  withBrand: boolean;
  menuOpened: boolean;
  onOpenMenu: () => void;
  onSearch: () => void;
}

/**
 * Burger (small screens), brand, bookmarks bar, then the SMS quota badge (admins), search,
 * language and the user menu.
 */
export function NavbarRow({ className, toolsClassName, withBrand, menuOpened, onOpenMenu, onSearch }: NavbarRowProps) {
  const t = useShellText();
  const user = useCurrentUser();
  return (
    <div className={className}>
      <Burger
        opened={menuOpened}
        onClick={onOpenMenu}
        hiddenFrom="md"
        size="sm"
        aria-label={t('navbar.openMenu')}
        aria-expanded={menuOpened}
      />
      {withBrand ? (
        <BrandLogo />
      ) : (
        <Box hiddenFrom="md">
          <BrandLogo />
        </Box>
      )}
      <Box visibleFrom="md" ms={withBrand ? 'lg' : 0}>
        <BookmarksBar />
      </Box>
      <div className={toolsClassName}>
        {user?.userRole === 'admin' && <UsageBadge />}
        <SearchButton onClick={onSearch} />
        <LanguageMenu />
        {user ? <UserMenu user={user} /> : <GuestActions />}
      </div>
    </div>
  );
}
