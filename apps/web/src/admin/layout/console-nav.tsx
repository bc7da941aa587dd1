import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router';
import { CONSOLE_SECTIONS, type ConsoleSection } from './console-sections';

/**
 * The console's sections: built ones are links (the current one marked `aria-current`), the
 * others plain text labelled "Coming", neither links nor tab stops.
 */
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
      {sections.map((section) =>
        section.path ? (
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
        ) : (
          <ListItem key={section.label} sx={{ color: 'text.secondary', gap: 1 }}>
            <ListItemText primary={section.label} />
            <Chip label="Coming" size="small" variant="outlined" sx={{ color: 'text.secondary' }} />
          </ListItem>
        ),
      )}
    </List>
  );
}
