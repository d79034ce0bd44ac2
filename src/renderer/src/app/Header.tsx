/** The header: areas, theme, and the profile with sign-out. */
import {
  Alignment,
  Button,
  Classes,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  Popover,
  Tag,
} from '@blueprintjs/core';
import type { SessionState } from '../../../shared/model/session';
import type { Theme } from '../../../shared/model/settings';
import { securityConfigLines } from '../../../shared/rules/session/security-config';
import type { HeaderArea } from './feature';
import { FEATURES } from './features';
import { ThemeMenu } from './ThemeMenu';

type SignedIn = Extract<SessionState, { status: 'signed-in' }>;

/** A header area as a feature describes it, and whether it is the one on screen. */
export type AreaLink = HeaderArea & { active: boolean };

export function Header(props: {
  session: SignedIn;
  theme: Theme;
  areas: AreaLink[];
  onNavigate: (route: string) => void;
  onChooseTheme: (theme: Theme) => void;
  onSignOut: () => void;
}) {
  const { session } = props;
  return (
    // The blue theme's header is blue with light text: Blueprint's dark styles inside it only.
    <Navbar className={props.theme === 'blue' ? `app-header ${Classes.DARK}` : 'app-header'}>
      <NavbarGroup align={Alignment.START}>
        <NavbarHeading className="app-title">RMM Technician Console</NavbarHeading>
        <NavbarDivider />
        {props.areas.map((area) => (
          <Button
            key={area.id}
            className="app-header-area"
            title={area.label}
            variant="minimal"
            icon={area.icon}
            active={area.active}
            onClick={() => props.onNavigate(area.route)}
            aria-current={area.active ? 'page' : undefined}
          >
            {area.label}
          </Button>
        ))}
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        {FEATURES.map(({ id, HeaderButton }) => HeaderButton && <HeaderButton key={id} />)}
        <ThemeMenu theme={props.theme} onChoose={props.onChooseTheme} />
        <Popover
          placement="bottom-end"
          // The blue header's dark styles stay in the header: its menus follow the page's theme.
          inheritDarkTheme={false}
          content={
            <Menu aria-label="Profile">
              {/* Not a heading: a menu opened over any screen must not break its heading order. */}
              <li className={Classes.MENU_HEADER} role="none">
                <span className={`${Classes.HEADING} profile-menu-name`}>{session.user.name}</span>
              </li>
              <MenuItem disabled text={session.user.email} icon="envelope" />
              {session.user.phone && <MenuItem disabled text={session.user.phone} icon="phone" />}
              {/* Read-only: the instance's security configuration (§3.5), each line named, under a header that is no heading. */}
              <li className={Classes.MENU_HEADER} role="none">
                <span className={`${Classes.HEADING} profile-menu-section`}>Security configuration</span>
              </li>
              {securityConfigLines(session.user.securityConfig).map((line) => (
                <MenuItem key={line.label} disabled icon="shield" text={`${line.label}: ${line.value}`} />
              ))}
              <MenuItem disabled text={`${session.profile.name} (${session.profile.baseUrl})`} icon="globe-network" />
              {!session.persisted && <MenuItem disabled text="This session only: nothing saved" icon="lock" />}
              <MenuDivider />
              {FEATURES.map(({ id, ProfileMenuItems }) => ProfileMenuItems && <ProfileMenuItems key={id} />)}
              <MenuItem text="Sign out" icon="log-out" onClick={props.onSignOut} />
            </Menu>
          }
        >
          <Button variant="minimal" icon="user" endIcon="caret-down" data-testid="profile-button">
            {session.user.name}
            {session.profile.kind === 'demo' && (
              // A solid tag: the minimal one falls under 4.5:1 on the button's pressed background while the menu is open.
              <Tag intent="primary" className="gap-left">
                Demo
              </Tag>
            )}
          </Button>
        </Popover>
      </NavbarGroup>
    </Navbar>
  );
}
