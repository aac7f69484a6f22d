"""Running a card's boxes: the effect context both back-ends call, and the reference interpreter."""
