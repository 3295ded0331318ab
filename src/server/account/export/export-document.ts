import { asLoginRole } from '../../db/login-role.ts';
import type { ExportContext, Exporter } from './exporter.ts';

export const EXPORT_FORMAT = 'savvypig-data-export/1';

/** Runs each exporter in turn in the request transaction and gathers the document. */
export async function buildExport(exporters: readonly Exporter[], context: ExportContext, exportedAt: Date) {
  const sections: Record<string, unknown> = {};
  for (const exporter of exporters) {
    sections[exporter.key] =
      exporter.role === 'login'
        ? await asLoginRole(context.tx, (tx) => exporter.read({ ...context, tx }))
        : await exporter.read(context);
  }
  return { format: EXPORT_FORMAT, exportedAt: exportedAt.toISOString(), userId: context.subject.userId, ...sections };
}
