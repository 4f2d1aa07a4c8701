package vampires

import (
	"fmt"
	"strconv"
	"strings"
)

// RatioDecimals is the most decimal places kill_ratio may have: enough for
// any ratio a rule set uses, few enough that the products of counts and
// the ratio's terms stay far from overflowing.
const RatioDecimals = 4

// Ratio is a ratio such as kill_ratio, held exactly as a fraction in
// lowest terms, so that a threshold like A ≥ 1.1·E is decided without
// rounding: 55 attackers are exactly 1.1 times 50 defenders, where the
// float64 product 1.1·50 is 55.00000000000001. The engine and the bots
// decide thresholds with the same methods, so they always agree.
type Ratio struct {
	num, den int64
}

// parseRatio reads a ratio written as a plain decimal with at most
// RatioDecimals decimal places, such as "1.5", "2" or "1.35"; trailing
// zeros of the fraction do not count. The range is checked by the caller.
func parseRatio(text string) (Ratio, error) {
	whole, frac, _ := strings.Cut(text, ".")
	frac = strings.TrimRight(frac, "0")
	if whole == "" || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" {
		return Ratio{}, fmt.Errorf("%s: write it as a plain decimal such as 1.5", text)
	}
	if len(frac) > RatioDecimals {
		return Ratio{}, fmt.Errorf("%s has %d decimal places, at most %d are allowed", text, len(frac), RatioDecimals)
	}
	digits, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return Ratio{}, fmt.Errorf("%s is too large", text)
	}
	den := int64(1)
	for range frac {
		den *= 10
	}
	g := gcd(digits, den)
	return Ratio{num: digits / g, den: den / g}, nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// AtLeast reports whether a ≥ r·e, exactly (rule sheet, "Resolving a MOV
// ply": A ≥ 1.5·E kills, E ≥ 1.5·A defends outright).
func (r Ratio) AtLeast(a, e int) bool { return int64(a)*r.den >= r.num*int64(e) }

// AtLeastFloat reports whether a ≥ r·e for counts that may be fractions,
// such as a search's expected survivors. It compares a·den with num·e,
// which is exact, and so agrees with AtLeast, whenever a and e are whole
// numbers.
func (r Ratio) AtLeastFloat(a, e float64) bool {
	return float64(a*float64(r.den)) >= float64(float64(r.num)*e)
}

// Float64 returns the ratio as the nearest float64, for estimates; decide
// thresholds with AtLeast or AtLeastFloat.
func (r Ratio) Float64() float64 { return float64(r.num) / float64(r.den) }
