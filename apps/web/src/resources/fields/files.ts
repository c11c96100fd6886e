/** Client-side checks of a file against its field (accept list and size), with pt-BR messages. */
import type { FileField } from '@paco/domain/fields';

const mb = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 'image/svg+xml' → 'SVG', 'image/*' → 'imagens', '.pdf' → 'PDF'. */
export function acceptLabel(accept: readonly string[]): string {
  const names = accept.map((a) => {
    if (a.startsWith('.')) return a.slice(1).toUpperCase();
    const [type, sub = ''] = a.split('/');
    if (sub === '*') return ({ image: 'imagens', video: 'vídeos', audio: 'áudios', text: 'textos' } as Record<string, string>)[type] ?? a;
    return sub.replace(/\+xml$/, '').replace(/^vnd\..*\.|^x-/, '').toUpperCase();
  });
  return [...new Set(names)].join(', ');
}

export function acceptsFile(accept: readonly string[], file: { name: string; type: string }): boolean {
  if (!accept.length) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((a) => {
    const x = a.toLowerCase();
    if (x.startsWith('.')) return name.endsWith(x);
    if (x.endsWith('/*')) return type.startsWith(x.slice(0, -1));
    return type === x;
  });
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${mb.format(bytes / 1024)} KB`;
  return `${mb.format(bytes / (1024 * 1024))} MB`;
}

/** null when the file may be sent, else the message shown beside the field. */
export function validateFile(field: FileField, file: { name: string; type: string; size: number }): string | null {
  if (!acceptsFile(field.accept, file)) return `Tipo de arquivo não permitido. Formatos aceitos: ${acceptLabel(field.accept)}.`;
  if (file.size > field.maxMB * 1024 * 1024) return `O arquivo deve ter no máximo ${mb.format(field.maxMB)} MB (o escolhido tem ${formatSize(file.size)}).`;
  return null;
}

export const fileHint = (field: FileField): string =>
  `${field.accept.length ? `Formatos: ${acceptLabel(field.accept)}. ` : ''}Tamanho máximo: ${mb.format(field.maxMB)} MB.`;
