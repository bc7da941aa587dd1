import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/**
 * A small reference table that scrolls sideways on a phone instead of widening the page, in
 * a named region that takes keyboard focus, so the arrow keys scroll it too.
 */
export function SimpleTable({
  label,
  head,
  rows,
}: {
  label: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ my: 2, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((title) => (
              <TableCell key={title} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) => (
                <TableCell key={index} sx={{ verticalAlign: 'top' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
