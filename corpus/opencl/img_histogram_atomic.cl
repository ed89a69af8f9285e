//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — work-items whose pixels fall in the same bin update hist[bin] only with atomic_inc
__kernel void k(read_only image2d_t src, __global int *hist)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 px = read_imagef(src, smp, (int2)(x, y));
  int bin = clamp((int)(px.x * 255.0f), 0, 255);
  atomic_inc(&hist[bin]);
}
