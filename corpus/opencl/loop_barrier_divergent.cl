//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — a barrier in a loop whose trip count is lid % 4: work-items run it a different number of times
__kernel void loop_barrier_divergent(__global float *data)
{
    int lid = get_local_id(0);
    for (int i = 0; i < lid % 4; i++) {
        data[get_global_id(0)] += 1.0f;
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}
