"use client";

import { usePathname } from "next/navigation";
import { TabBar } from "@/components/ui/tab-bar";

const CONFIG_TABS = [
  { href: "/runs/endpoints", label: "Endpoints" },
  { href: "/runs/judges", label: "Judges" },
  { href: "/runs/models", label: "Models" },
];

const under = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/** The tab bar of the lead's run pages: the runs, and the endpoints, judges and models they use. */
export function RunsTabs() {
  const pathname = usePathname();
  const configTabs = CONFIG_TABS.map((tab) => ({ ...tab, current: under(pathname, tab.href) }));
  const runsTab = { href: "/runs", label: "Runs", current: under(pathname, "/runs") && !configTabs.some((t) => t.current) };
  return <TabBar label="Runs" tabs={[runsTab, ...configTabs]} />;
}
