//pass
//--blockDim=1 --gridDim=[1,16]
// expect: drf — each block copies the int2 member of its own lane's counters (a class operator= whose left side is p->pair, not p) and then writes its other members through the same pointer.
// A per-lane record reached through a pointer into an array of records:
// copying a vector member must not be taken for an assignment to the
// pointer itself, or the later writes through it are lost.
struct LaneState {
    int2 best;
    int count;
    int done;
};

__global__ void publish_lanes(LaneState *device_state, LaneState *host_state, int lanes)
{
    for (int lane = blockIdx.y; lane < lanes; lane += gridDim.y) {
        LaneState *from = device_state + lane;
        LaneState *to = host_state + lane;
        to->best = from->best;
        to->count = from->count;
        to->done = 1;
    }
}
