import { readdirSync, readFileSync } from 'fs';
import { Browser, CDPSession } from 'playwright-core';

import { launchBrowser, OUR_DISABLED_FEATURES, playwrightDisabledFeaturesArg } from './browser';

/** A process's arguments as the kernel holds them: what Chromium itself parsed, after Debian's wrapper script. */
function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return []; // exited meanwhile
  }
}

/** Every live process under `root` (Chromium's renderers are children of its zygote, not of the browser process). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // The parent's pid is the second field after the command's name, which is in parentheses and may hold spaces.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (const queue = [root]; queue.length > 0;) {
    for (const child of children.get(queue.pop() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function features(disableFeaturesArg: string): string[] {
  return disableFeaturesArg.slice('--disable-features='.length).split(',');
}

describe('the browser the journeys launch', () => {
  let browser: Browser;
  let cdp: CDPSession;
  let browserPid: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    cdp = await browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    browserPid = (processInfo.find((process) => process.type === 'browser') as { id: number }).id;
  });
  afterAll(() => browser.close());

  it("has one --disable-features, holding Playwright's features and ours (Chromium keeps only the last)", async () => {
    const disabled = commandLine(browserPid).filter((arg) => arg.startsWith('--disable-features='));
    expect(disabled).toHaveLength(1);
    const playwrights = features(await playwrightDisabledFeaturesArg());
    expect(playwrights.length).toBeGreaterThan(0);
    expect(features(disabled[0])).toEqual(expect.arrayContaining([...playwrights, ...OUR_DISABLED_FEATURES]));
  });

  it("loads no address-bar popup, nor a renderer for it, in a new context's window", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('data:text/html,<p>A page</p>');
    // Without the features disabled, the popup's two pages are targets as soon as the page is (checked on
    // Chromium 156), and their renderer is the one started with --top-chrome-webui.
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://'))).toEqual([]);
    // A process the zygote forks sets its title: its arguments come as one string, joined by spaces.
    const renderers = descendants(browserPid)
      .map((pid) => commandLine(pid).join(' ').split(' '))
      .filter((args) => args.includes('--type=renderer'));
    expect(renderers.length).toBeGreaterThan(0);
    expect(renderers.filter((args) => args.includes('--top-chrome-webui'))).toEqual([]);
    await context.close();
  });
});
