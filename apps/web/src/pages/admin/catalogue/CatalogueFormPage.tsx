import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { EntryForm } from './EntryForm';
import { EntryView } from './EntryView';
import { type EntryMode, LIST_PATH } from './paths';

const EDIT_PATH = '/cataloguemanage/edit';

type Target = { mode: EntryMode; id?: string; back: string };

function targetOf(search: string, state: unknown): Target {
  const params = new URLSearchParams(search);
  const id = params.get('id') ?? undefined;
  const asked = params.get('mode');
  const mode: EntryMode = asked === 'create' || asked === 'edit' || asked === 'view' ? asked : id ? 'view' : 'create';
  const back = (state as { back?: unknown } | null)?.back;
  return { mode, id: mode === 'create' ? undefined : id, back: typeof back === 'string' ? back : LIST_PATH };
}

/**
 * 目录编辑 (/cataloguemanage/edit?mode=create|edit|view&id=…): one tab for creating, editing and
 * viewing entries. The tab stays mounted while other tabs show and is reopened by its bare path, so
 * the page keeps the entry it was last opened for until a link names another one.
 */
export default function CatalogueFormPage() {
  const location = useLocation();
  const [target, setTarget] = useState(() => targetOf(location.search, location.state));

  useEffect(() => {
    if (location.pathname === EDIT_PATH && location.search) setTarget(targetOf(location.search, location.state));
  }, [location]);

  const key = `${target.mode}:${target.id ?? 'new'}`;
  if (target.mode === 'view' && target.id) return <EntryView key={key} id={target.id} back={target.back} />;
  return <EntryForm key={key} id={target.id} back={target.back} />;
}
