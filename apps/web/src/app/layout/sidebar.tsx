import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { NavMenu } from './nav-menu';

/** Spec section 9. */
export const DRAWER_WIDTH = 260;

/**
 * The left menu: a persistent drawer from the large breakpoint up, a temporary (modal)
 * drawer below it that closes once an item is chosen.
 */
export function Sidebar({ open, persistent, onClose }: { open: boolean; persistent: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant={persistent ? 'persistent' : 'temporary'}
      anchor="left"
      open={open}
      onClose={onClose}
      sx={{
        // Persistent only from the large breakpoint up: hidden below it (the prerendered frame).
        display: persistent ? { xs: 'none', lg: 'block' } : undefined,
        width: persistent && open ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        // The temporary drawer covers the top bar like any modal; the persistent one sits under it.
        zIndex: (theme) => (persistent ? theme.zIndex.drawer : theme.zIndex.modal),
      }}
      slotProps={{
        paper: {
          // The temporary drawer is a modal dialog and needs a name of its own.
          'aria-label': persistent ? undefined : 'Menu',
          sx: { width: DRAWER_WIDTH, borderRight: persistent ? 0 : undefined, bgcolor: 'background.paper' },
        },
      }}
    >
      {persistent && <Toolbar sx={{ minHeight: { xs: 72 } }} />}
      <Box component="nav" id="main-menu" aria-label="Main menu" sx={{ px: 2, py: 1, overflowY: 'auto' }}>
        <NavMenu onSelect={persistent ? undefined : onClose} />
      </Box>
    </Drawer>
  );
}
