//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
// expect: racy — every work-item writes the program-scope __global variable hits
// cl-std: CL2.0
__global int hits;

int first_of(__generic const int *p)
{
    return p[0];
}

__kernel void count_hits(__global const int *in, __global int *out)
{
    __local int tile[32];
    int lid = get_local_id(0);
    tile[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = first_of(tile) + first_of(in);
    hits = lid;
}
