import { useId, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Logout from '@mui/icons-material/Logout';
import { initials } from '../../lib/initials';
import { selectUser } from '../../lib/session/auth-slice';
import { useLogout } from '../../lib/session/use-logout';

/** The profile chip of the top bar and its menu: greeting, settings, profile, logout. */
export function ProfileMenu({ onOpenSettings }: { onOpenSettings: () => void }) {
  const user = useSelector(selectUser);
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  // No one in the frame the build prerenders (decision 039): the avatar's own person icon.
  const userInitials = user ? initials(user) : undefined;

  return (
    <>
      <Chip
        // Starts with the visible initials (WCAG 2.5.3: the name contains the visible label).
        aria-label={userInitials ? `${userInitials} account menu` : 'Account menu'}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        avatar={<Avatar sx={{ bgcolor: 'secondary.main', color: 'common.white' }}>{userInitials}</Avatar>}
        label={<SettingsOutlined fontSize="small" sx={{ display: 'block' }} />}
        variant="outlined"
        color="primary"
        sx={{ height: 44, borderRadius: 27, '& .MuiChip-label': { lineHeight: 0 } }}
      />
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 260, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }} role="none">
          <Typography variant="body1">
            Good Day,{' '}
            <Typography component="span" variant="body1" sx={{ fontWeight: 700 }}>
              {user ? `${user.firstName} ${user.lastName}` : ''}
            </Typography>
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onOpenSettings();
          }}
        >
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Account Settings</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void navigate('/user/profile');
          }}
        >
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Profile</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
