# Independent reference for results/sprtstop.go (TestBrownianExits,
# TestStoppedEstimateMatchesReference): the killed Brownian density by its
# eigenfunction series (not images), integrated numerically; the exits from
# the probability of leaving through the upper bound from each point.
# `python3 results/testdata/stopref.py` prints the pinned figures (minutes).
import math

def density(g, tau, a, b, y, x0=0.0):
    A = b - a
    s = 0.0
    n = 1
    while True:
        t = math.sin(n*math.pi*(x0-a)/A)*math.sin(n*math.pi*(y-a)/A)*math.exp(-n*n*math.pi**2*tau/(2*A*A))
        s += t
        if n > 5 and abs(math.exp(-n*n*math.pi**2*tau/(2*A*A))) < 1e-18:
            break
        n += 1
    return 2/A*s*math.exp(g*(y-x0) - g*g*tau/2)

def integrate(f, lo, hi, m=4000):
    h = (hi-lo)/m
    s = f(lo) + f(hi)
    for i in range(1, m):
        s += (4 if i % 2 else 2)*f(lo+i*h)
    return s*h/3

def surv(g, tau, a, b, y):
    return integrate(lambda u: density(g, tau, a, b, u), a, y)

def exits(g, tau, a, b):
    A = b - a
    def h(u):  # P(leave through b eventually, from u)
        if abs(g) < 1e-12:
            return (u-a)/A
        return (1-math.exp(-2*g*(u-a)))/(1-math.exp(-2*g*A))
    inside = surv(g, tau, a, b, b)
    high = h(0) - integrate(lambda u: density(g, tau, a, b, u)*h(u), a, b)
    return 1-inside-high, high

def worse(g, tau, a, b, verdict, y):
    lo, hi = exits(g, tau, a, b)
    if verdict == 'H0':
        return lo
    if verdict == 'H1':
        return 1-hi
    return lo + surv(g, tau, a, b, y)

def L(e): return 1/(1+10**(-e/400))
def Linv(s): return -400*math.log10(1/s-1)

def stopped(counts, verdict, elo0=0, elo1=5, alpha=0.05, beta=0.05):
    scores = [i/(len(counts)-1) for i in range(len(counts))]
    n = sum(counts)
    sh = sum(c*x for c, x in zip(counts, scores))/n
    v = sum(c*(x-sh)**2 for c, x in zip(counts, scores))/n
    a, b = math.log(beta/(1-alpha)), math.log((1-beta)/alpha)
    s0, s1 = L(elo0), L(elo1)
    slope = (s1-s0)*(2*sh-s0-s1)/(2*v)
    units, y = n, n*slope
    if verdict == 'H1':
        if y > b: units = b/slope
        y = b
    elif verdict == 'H0':
        if y < a: units = a/slope
        y = a
    else:
        y = min(max(y, a), b)
    def w(s):
        vs = v + (s-sh)**2
        g = (s-(s0+s1)/2)/(s1-s0)
        tau = (s1-s0)**2/vs*units
        try:
            return worse(g, tau, a, b, verdict, y)
        except OverflowError:  # a drift so far below 0 that the path leaves low
            return 1.0
    # w falls through sh, but the model's variance turns it back up far
    # from sh: for a level that w does not cross between the ends of (0, 1),
    # the crossing is sought where it falls, between its highest point below
    # sh and its lowest above (found here on a grid of 100 points a side).
    lo0, hi0 = 1e-9, 1-1e-9
    grid = lambda a, b: [a + (b-a)*k/100 for k in range(101)]
    out = []
    for level in (0.975, 0.5, 0.025):
        lo, hi = lo0, hi0
        if w(lo) <= level or w(hi) >= level:
            lo, hi = max(grid(lo0, sh), key=w), min(grid(sh, hi0), key=w)
            if w(lo) <= level: out.append(-math.inf); continue
            if w(hi) >= level: out.append(math.inf); continue
        for _ in range(60):
            mid = (lo+hi)/2
            if w(mid) > level: lo = mid
            else: hi = mid
        out.append(Linv((lo+hi)/2))
    return out

if __name__ == '__main__':
    print('survival', surv(-0.5, 0.5, -2.944, 2.944, -0.25), surv(0, 0.5, -2.944, 2.944, 2.944))
    print('exits', exits(-0.5, 0.5, -2.944, 2.944), exits(0.3, 20, -2.944, 2.944))
    for counts, verdict in [([256, 0, 571, 0, 372], 'H1'), ([300, 0, 600, 0, 300], 'U'), ([871, 26175, 55983, 26678, 821], 'H0')]:
        print(counts, stopped(counts, verdict))
    # A small test stopped at its cap with no lost pair: w turns back up
    # above 1/2 before s reaches 1.
    print([0, 0, 6, 1, 1], stopped([0, 0, 6, 1, 1], 'U', elo1=10))
    # (A test far outside its hypotheses, such as H1 at elo1 = 5 won by
    # 200 Elo, is out of this script's reach: the numerical integration
    # loses all precision at such drifts.)
