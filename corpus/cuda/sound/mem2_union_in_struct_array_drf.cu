//pass
//--blockDim=64 --gridDim=1
// expect: drf — c: thread t reads c[t].v.h[1], the high half of its own c[t].v.i; the tags are other bytes of the cell.
// Tagged cells whose value is an int seen through a union as two shorts.
struct Cell {
    union {
        int i;
        short h[2];
    } v;
    int tag;
};

__global__ void highHalves(const int *in, short *out)
{
    __shared__ Cell c[65];
    int t = threadIdx.x;
    c[t].v.i = in[t];
    c[t].tag = t;
    out[t] = c[t].v.h[1];
}
