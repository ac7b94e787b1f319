/** The measured height of an element that fills what the layout leaves it (a virtual list's viewport). */
import { useEffect, useState, type RefObject } from 'react';

export function useHeight(ref: RefObject<HTMLElement | null>, fallback: number, absent = false): number {
  const [height, setHeight] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || absent) return;
    const measure = () => { if (element.clientHeight > 0) setHeight(element.clientHeight); };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, absent]);
  return height;
}
