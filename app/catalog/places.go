package catalog

import "math"

// Places are the businesses where they are, for the map of where: x is
// the longitude scaled by the cosine of the mean latitude, so that a
// kilometre is as long east–west as north–south, and y the latitude.
// A business without coordinates (at 0, 0) is at NaN, NaN. ok says
// whether any business has coordinates.
func (c *Catalog) Places() (xy [][2]float64, ok bool) {
	sum, n := 0.0, 0
	for _, it := range c.items {
		if it.Lat != 0 || it.Lon != 0 {
			sum += it.Lat
			n++
		}
	}
	if n == 0 {
		return nil, false
	}
	scale := math.Cos(sum / float64(n) * math.Pi / 180)
	xy = make([][2]float64, len(c.items))
	for i, it := range c.items {
		if it.Lat == 0 && it.Lon == 0 {
			xy[i] = [2]float64{math.NaN(), math.NaN()}
			continue
		}
		xy[i] = [2]float64{it.Lon * scale, it.Lat}
	}
	return xy, true
}
