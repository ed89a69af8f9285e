//pass
//--blockDim=128 --gridDim=[1,8]
// expect: drf — goto done leaves the inner loop when i reaches cap, so q[lane * cap + i] stays in lane's row; thread 0's write after the loop is its own i = 0 cell.
// Per-lane queues filled until a capacity check jumps to the lane's end.
__global__ void fill_lanes(int *q, const int *n, int cap, int nlanes)
{
    for (int lane = blockIdx.y; lane < nlanes; lane += gridDim.y) {
        int end = n[lane];
        for (int i = threadIdx.x; i < end; i += blockDim.x) {
            if (i >= cap)
                goto done;
            q[lane * cap + i] = i;
        }
        if (threadIdx.x == 0)
            q[lane * cap] = 0;
    done:;
    }
}
