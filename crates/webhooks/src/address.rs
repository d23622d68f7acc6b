//! The SSRF guard's rule: which addresses an endpoint may never reach, and which URLs an
//! endpoint may have. The host is resolved when an endpoint is saved and again at every send
//! (a name can be pointed elsewhere after it was saved), by the sender.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use url::Url;

/// Whether `address` is inside a network an endpoint may not reach unless the operator allows
/// it for development: loopback, private, link-local (cloud metadata at 169.254.169.254),
/// carrier-grade NAT (another cloud's metadata at 100.100.100.200), unspecified, broadcast,
/// multicast, the benchmarking and IETF ranges; in IPv6 everything but global unicast.
pub fn forbidden(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => forbidden_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => forbidden_v4(v4),
            None => forbidden_v6(v6),
        },
    }
}

fn forbidden_v4(address: Ipv4Addr) -> bool {
    let [a, b, ..] = address.octets();
    address.is_loopback()
        || address.is_private()
        || address.is_link_local()
        || address.is_unspecified()
        || address.is_broadcast()
        || address.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && address.octets()[2] == 0)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240
}

/// IPv6 is allowed, not refused: only global unicast (2000::/3), less the prefixes that
/// embed or reach an IPv4 address (Teredo 2001::/32, 6to4 2002::/16) and documentation
/// (2001:db8::/32). Everything else (the IPv4-compatible ::/96, ::ffff:0:a.b.c.d, NAT64's
/// 64:ff9b::/96 and 64:ff9b:1::/48, site-local fec0::/10, unique-local, link-local…) is refused.
fn forbidden_v6(address: Ipv6Addr) -> bool {
    let [first, second, ..] = address.segments();
    let global_unicast = (first & 0xe000) == 0x2000;
    let teredo = first == 0x2001 && second == 0;
    let documentation = first == 0x2001 && second == 0x0db8;
    let six_to_four = first == 0x2002;
    !global_unicast || teredo || documentation || six_to_four
}

/// Why a URL cannot be an endpoint's, as a message key (`validation.url_invalid`…).
pub fn url_refusal(url: &str, allow_private: bool) -> Option<&'static str> {
    let Ok(parsed) = Url::parse(url.trim()) else { return Some("url_invalid") };
    if parsed.host_str().is_none_or(str::is_empty) || !parsed.username().is_empty() || parsed.password().is_some() || url.len() > 2000 {
        return Some("url_invalid");
    }
    match parsed.scheme() {
        "https" => None,
        "http" if allow_private => None,
        _ => Some("url_https"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shops_own_networks_and_cloud_metadata_are_forbidden() {
        for address in [
            "127.0.0.1",
            "10.0.0.1",
            "172.16.5.4",
            "192.168.1.1",
            "169.254.169.254",
            "100.100.100.200",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fd00:ec2::254",
            "fe80::1",
            "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe",
        ] {
            assert!(forbidden(address.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))), "{address}");
        }
        for address in ["203.0.113.9", "8.8.8.8", "2001:4860:4860::8888", "2a00:1450:4001::200e", "100.128.0.1", "::ffff:8.8.8.8"] {
            assert!(!forbidden(address.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))), "{address}");
        }
    }

    #[test]
    fn ipv6_forms_that_embed_or_reach_private_ipv4_or_old_site_local_space_are_refused() {
        for address in [
            "::10.0.0.1",
            "::127.0.0.1",
            "::ffff:0:10.0.0.1",
            "::ffff:0:a9fe:a9fe",
            "64:ff9b:1::a00:1",
            "64:ff9b::808:808",
            "2002:a00:1::1",
            "2002:7f00:1::1",
            "2001:0:4136:e378:8000:63bf:f5ff:fffe",
            "2001:db8::1",
            "fec0::1",
            "feff::1",
            "100::1",
        ] {
            assert!(forbidden(address.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))), "{address}");
        }
    }

    #[test]
    fn an_endpoint_is_https_unless_development_allows_http() {
        assert_eq!(url_refusal("https://erp.example.com/hooks", false), None);
        assert_eq!(url_refusal("http://erp.example.com/hooks", false), Some("url_https"));
        assert_eq!(url_refusal("http://127.0.0.1:9000/hooks", true), None);
        assert_eq!(url_refusal("ftp://erp.example.com/", true), Some("url_https"));
        assert_eq!(url_refusal("https://user:pw@erp.example.com/", false), Some("url_invalid"));
        assert_eq!(url_refusal("not a url", false), Some("url_invalid"));
    }
}
