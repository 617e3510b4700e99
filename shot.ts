import { chromium } from "playwright-core";
const b = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const errors: string[] = [];
for (const [name, w, h, scheme] of [["desk", 1280, 900, "light"], ["phone", 390, 844, "dark"]] as const) {
  const p = await b.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
  p.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  p.on("pageerror", (e) => errors.push(e.message));
  for (const path of Deno.args) {
    await p.goto("http://127.0.0.1:8124" + path);
    await p.waitForTimeout(400);
    await p.screenshot({ path: `/tmp/shot-${name}${path.replace(/[\/?=&]/g, "_")}.png`, fullPage: false });
  }
}
console.log("errors:", errors);
await b.close();
