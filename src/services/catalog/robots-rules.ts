/**
 * robots.txt rules for one crawler (RFC 9309): the groups naming the crawler's
 * product token, or else the "*" groups; the longest matching Allow/Disallow
 * pattern decides, Allow on a tie; "*" and a final "$" in patterns. Also the
 * non-standard Crawl-delay, which a polite crawler honours when it is longer
 * than its own spacing.
 */

export type RobotsRules = {
  /** Whether the crawler may fetch `path` (a URL path, as requested). */
  allows(path: string): boolean;
  /** Crawl-delay of the chosen groups, in milliseconds. */
  crawlDelayMs?: number;
};

type Rule = { allow: boolean; pattern: RegExp; length: number };
type Group = { agents: string[]; rules: Rule[]; crawlDelay?: number };

export const ALLOW_ALL: RobotsRules = { allows: () => true };

function compile(pattern: string): RegExp {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern).split("*").map((part) =>
    part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")
  ).join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`);
}

export function parseRobots(text: string, productToken: string): RobotsRules {
  const groups: Group[] = [];
  let current: Group | undefined;
  let readingAgents = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = /^\s*([A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(raw.replace(/#.*/, ""));
    if (!line) continue;
    const key = line[1].toLowerCase();
    const value = line[2];
    if (key === "user-agent") {
      if (!current || !readingAgents) groups.push(current = { agents: [], rules: [] });
      current.agents.push(value.toLowerCase());
      readingAgents = true;
      continue;
    }
    readingAgents = false;
    if (!current) continue;
    if ((key === "allow" || key === "disallow") && value) {
      current.rules.push({ allow: key === "allow", pattern: compile(value), length: value.length });
    } else if (key === "crawl-delay" && Number.isFinite(Number(value)) && Number(value) >= 0) {
      current.crawlDelay = Number(value);
    }
  }

  const token = productToken.toLowerCase();
  const named = groups.filter((g) => g.agents.some((agent) => agent !== "*" && token.startsWith(agent)));
  const chosen = named.length ? named : groups.filter((g) => g.agents.includes("*"));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelay).filter((d): d is number => d !== undefined);
  return {
    allows(path: string): boolean {
      if (path === "/robots.txt") return true;
      let best: Rule | undefined;
      for (const rule of rules) {
        if (!rule.pattern.test(path)) continue;
        if (!best || rule.length > best.length || (rule.length === best.length && rule.allow)) best = rule;
      }
      return best?.allow ?? true;
    },
    crawlDelayMs: delays.length ? Math.max(...delays) * 1000 : undefined,
  };
}
