"use client";

import { usePathname } from "next/navigation";
import { TabBar } from "@/components/ui/tab-bar";

/** The tab bar of a calibration set's pages. */
export function SetTabs({ setId }: { setId: number }) {
  const pathname = usePathname();
  const base = `/calibration/sets/${setId}`;
  const tabs = [
    { href: base, label: "Overview" },
    { href: `${base}/judges`, label: "Judges" },
    { href: `${base}/report`, label: "Report" },
    { href: `${base}/freeze`, label: "Freeze" },
  ];
  return (
    <TabBar
      label="Calibration set"
      tabs={tabs.map((tab) => ({ ...tab, current: tab.href === base ? pathname === base : pathname === tab.href || pathname.startsWith(`${tab.href}/`) }))}
    />
  );
}
