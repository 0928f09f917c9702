import { createContext, useContext, useEffect } from 'react';

/** Lets a portal page name itself in the breadcrumb and the document title (a catalogue entry's name). */
export const PortalTitleContext = createContext<(title: string | undefined) => void>(() => undefined);

export function usePortalTitle(title: string | undefined) {
  const setTitle = useContext(PortalTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(undefined);
  }, [setTitle, title]);
}
