//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=[1,8]
// expect: racy — the goto is taken only past 2 * cap: cells from cap on are the next lane's row, written by another block.
// cxx_goto_out_of_loop.cu with the capacity check off by a factor of two.
__global__ void fill_lanes(int *q, const int *n, int cap, int nlanes)
{
    for (int lane = blockIdx.y; lane < nlanes; lane += gridDim.y) {
        int end = n[lane];
        for (int i = threadIdx.x; i < end; i += blockDim.x) {
            if (i >= 2 * cap)
                goto done;
            q[lane * cap + i] = i;
        }
        if (threadIdx.x == 0)
            q[lane * cap] = 0;
    done:;
    }
}
