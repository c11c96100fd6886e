import Box from '@mui/material/Box';

/** "Pular para o conteúdo": first focusable element of every layout. */
export function SkipLink({ target = 'conteudo' }: { target?: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={(e) => {
        e.preventDefault();
        const el = document.getElementById(target);
        el?.focus();
        el?.scrollIntoView();
      }}
      sx={{
        position: 'absolute', left: 8, top: -48, zIndex: (t) => t.zIndex.tooltip + 2, px: 2, py: 1,
        bgcolor: 'background.paper', color: 'primary.main', borderRadius: 1, boxShadow: 3, fontWeight: 500,
        '&:focus': { top: 8 },
      }}
    >
      Pular para o conteúdo
    </Box>
  );
}
