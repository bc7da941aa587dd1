import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router';
import { CONSOLE_SECTIONS, type ConsoleSection } from './console-sections';

/** The console's sections as links, the current one marked `aria-current`. */
export function ConsoleNav({
  onSelect,
  sections = CONSOLE_SECTIONS,
}: {
  onSelect?: () => void;
  sections?: readonly ConsoleSection[];
}) {
  const { pathname } = useLocation();
  return (
    <List dense>
      {sections.map((section) => (
        <ListItem key={section.label} disablePadding>
          <ListItemButton
            component={NavLink}
            to={section.path}
            end={section.exact}
            onClick={onSelect}
            selected={pathname === section.path || (!section.exact && pathname.startsWith(`${section.path}/`))}
            sx={{ borderRadius: 1, '&.Mui-selected': { color: 'primary.dark', fontWeight: 600 } }}
          >
            <ListItemText primary={section.label} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
