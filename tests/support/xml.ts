import { createRequire } from 'node:module';

/**
 * A small element tree from a strict XML parser, for tests that must know a feed or sitemap is well-formed
 * XML (a stray '&' or an unclosed tag throws) and read its elements by name.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

interface SaxParser {
  onerror: (error: Error) => void;
  onopentag: (node: { name: string; attributes: Record<string, string> }) => void;
  onclosetag: () => void;
  ontext: (text: string) => void;
  oncdata: (text: string) => void;
  write: (xml: string) => SaxParser;
  close: () => void;
}

const sax = createRequire(import.meta.url)('sax') as { parser: (strict: boolean, options: object) => SaxParser };

export function parseXml(xml: string): XmlElement {
  const parser = sax.parser(true, { xmlns: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (node) => {
    const element: XmlElement = { name: node.name, attributes: { ...node.attributes }, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else root = element;
    stack.push(element);
  };
  parser.onclosetag = () => void stack.pop();
  parser.ontext = parser.oncdata = (text) => {
    if (stack.length > 0) stack[stack.length - 1].text += text;
  };
  parser.write(xml).close();
  if (!root) throw new Error('No root element');
  return root;
}

/** The children of `element` named `name`. */
export const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);

/** The text of the one child named `name`; throws when there is not exactly one. */
export function childText(element: XmlElement, name: string): string {
  const found = childrenNamed(element, name);
  if (found.length !== 1) throw new Error(`<${element.name}> has ${found.length} <${name}>, not one`);
  return found[0].text.trim();
}
