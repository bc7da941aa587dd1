import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useLocation } from 'react-router';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { menuItemOpened, selectOpenMenuItems } from '../../features/customization/customization-slice';
import { MENU_ITEMS, menuLeaves, type MenuNode } from './menu-items';

function MenuItemsError() {
  return (
    <Typography variant="h6" color="error" align="center" sx={{ py: 1 }}>
      Menu Items Error
    </Typography>
  );
}

function NavItem({ item, onSelect }: { item: MenuNode; onSelect?: () => void }) {
  const dispatch = useDispatch();
  const isOpen = useSelector(selectOpenMenuItems);
  const selected = isOpen.includes(item.id);
  const Icon = item.icon;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.url ?? '/'}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={() => {
          dispatch(menuItemOpened(item.id));
          onSelect?.();
        }}
        sx={{ borderRadius: 1, mb: 0.5, py: 1 }}
      >
        {Icon && (
          <ListItemIcon sx={{ minWidth: 36 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
        )}
        <ListItemText primary={item.title} />
      </ListItemButton>
    </ListItem>
  );
}

function NavGroup({ group, onSelect }: { group: MenuNode; onSelect?: () => void }) {
  const headingId = `menu-group-${group.id}`;
  return (
    <>
      <List
        aria-labelledby={group.title ? headingId : undefined}
        subheader={
          group.title ? (
            <ListSubheader
              id={headingId}
              disableSticky
              sx={{ lineHeight: 2.5, bgcolor: 'transparent', fontWeight: 600 }}
            >
              {group.title}
            </ListSubheader>
          ) : undefined
        }
      >
        {group.children?.map((child) =>
          child.type === 'item' ? (
            <NavItem key={child.id} item={child} onSelect={onSelect} />
          ) : (
            <ListItem key={child.id}>
              <MenuItemsError />
            </ListItem>
          ),
        )}
      </List>
      <Divider sx={{ my: 1 }} />
    </>
  );
}

/**
 * The left menu, rendered from data. Keeps the item of the current route marked open, so
 * deep links and the browser's back button highlight the right entry.
 */
export function NavMenu({ items = MENU_ITEMS, onSelect }: { items?: MenuNode[]; onSelect?: () => void }) {
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  const isOpen = useSelector(selectOpenMenuItems);

  useEffect(() => {
    const leaves = menuLeaves(items);
    const current = leaves.find((leaf) => isOpen.includes(leaf.id));
    if (current?.url === pathname) return;
    const match = leaves.find((leaf) => leaf.url === pathname);
    if (match) dispatch(menuItemOpened(match.id));
  }, [dispatch, items, isOpen, pathname]);

  return (
    <>
      {items.map((node) =>
        node.type === 'group' ? (
          <NavGroup key={node.id} group={node} onSelect={onSelect} />
        ) : (
          <MenuItemsError key={node.id} />
        ),
      )}
    </>
  );
}
